// Java twin of exc_search_down.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int lookup(int[] a, int[] table) {
        int found = Integer.MIN_VALUE;
        for (int i = a.length - 1; i >= 0; i--) {
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
