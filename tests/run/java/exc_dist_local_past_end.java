// A `dist` local (§2.2) the body does not return: an index past the end of the whole local
// fails with Java's index and length in the MI holding its last partition.
class Main {
    static int f(int[] a) {
        int[] c = new int[a.length];
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] * 2;
            s += c[i];
        }
        if (0 + a.length == a.length) {
            c[a.length] = s;
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[10];
        System.out.println(f(a));
    }
}
// throws-at: 12:13
