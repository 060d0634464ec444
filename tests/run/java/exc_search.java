// Java twin of exc_search.somd: one MI over the whole array.
class Main {
    static int lookup(int[] a, int[] table) {
        int found = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                found = table[-a[i]];
                break;
            }
        }
        return found;
    }

    public static void main(String[] args) {
        int n = 200000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i % 100;
        int[] table = new int[10];
        for (int k = 0; k < 10; k++) table[k] = k * 11;
        a[90000] = -4;
        System.out.println(lookup(a, table));
        a[70001] = -12;
        a[150000] = -15;
        System.out.println(lookup(a, table));
    }
}
