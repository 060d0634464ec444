// args: 20000
// throws-at: 11:19
// A host loop that would split in two (eighty-ninth session) whose first part divides by
// an element that is zero at index 19,997 and whose second part calls a helper allocating
// an array of a negative size at index 0: Java's NegativeArraySizeException comes from
// the helper. A helper of the program may throw, or loop, where a kernel's analysis lets
// it, so a part calling one may fail, and two parts that may fail keep the loop as
// written, on every placement.
class Main {
    static int cells(int k) {
        int[] t = new int[k];
        return t.length + 1;
    }

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
        int[] b = twice(src);
        int[] a = new int[n];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = b[i] / d[i];
            c[i] = cells(a[i] - 1);
        }
        int[] e = twice(c);
        System.out.println(a[1] + e[1]);
    }
}
