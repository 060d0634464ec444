// args: 9
// Searches whose test assigns the index (`r[w++] != 99`) are not the searches `found_index`
// rewrites (review 170): the value Java's loop leaves when nothing matches depends on the
// steps the test takes too, which the rewrite's `hi` or `lo - 1` missed (9 for 10, -1 for
// -2). They stay as written, with Java's values, on every placement.
class Main {
    static int[] mix(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 31 + k) % 97;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] x = new int[n];
        for (int q = 0; q < n; q++) {
            x[q] = q;
        }
        int[] r = mix(x, 3);
        int w = 0;
        while (w < r.length && r[w++] != 99) {
            w++;
        }
        int j = 0;
        for (; j < r.length && r[j++] != 99;) {
            j++;
        }
        int k = r.length - 1;
        while (k >= 0 && r[k--] != 99) {
            k--;
        }
        int m = 0;
        while (m < r.length && (m = m + 2) > 0 && r[m - 2] != 99) {
            m++;
        }
        System.out.println(w + " " + j + " " + k + " " + m);
    }
}
