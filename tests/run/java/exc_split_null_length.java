// args: 20000
// throws-at: 31:25
// A host loop that would split in two (eighty-ninth session) whose first part divides by
// an element that is zero at index 19,997 and whose second part reads the length of an
// array that is `null`: Java's NullPointerException comes from the second part at index
// 0. On the host an array may be `null`, so `.length` of one not proven otherwise may
// fail, and two parts that may fail keep the loop as written, on every placement.
class Main {
    static int[] twice(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * 2 + 0 * 0;
        }
        return out;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] src = new int[n];
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            src[i] = i;
            d[i] = i == n - 3 ? 0 : 1;
        }
        int[] x = n > 1000000 ? new int[2] : null;
        int[] b = twice(src);
        int[] a = new int[n];
        long s = 0;
        for (int i = 0; i < n; i++) {
            a[i] = b[i] / d[i];
            s += a[i] + x.length;
        }
        int[] e = twice(a);
        System.out.println(s + " " + e[1]);
    }
}
