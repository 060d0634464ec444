// Java twin of exc_private_bounds.somd. An index out of range of a private array (a fresh array a work-item keeps in its private
// memory, device_private): the digit counts of one element overflow their table of nine (digits 0 to 8),
// which raises ArrayIndexOutOfBoundsException at that access on every placement.
class Main {
    static long counts(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            int[] count = new int[9];
            int v = a[i];
            while (v > 0) {
                count[v % 10]++;
                v /= 10;
            }
            s += count[1] * 10 + count[8];
        }
        return s;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i % 9) * 100 + (i % 7) * 10 + i % 5 + 1;
        }
        System.out.println(counts(a));
        a[2500] = 1239;
        System.out.println(counts(a));
    }
}
