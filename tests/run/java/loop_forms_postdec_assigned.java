// A post-decrement test `i-- > lo` whose body assigns the index (review 168): Java compares
// the old value, so a body setting `i` to `Integer.MIN_VALUE` ends the loop at the next test
// (and `i` wraps to `Integer.MAX_VALUE` after it), where the counted form `for (i = e - 1; i
// >= lo; i--)` would wrap in its update first and go on. `loop_forms` leaves such loops as
// written, in SOMD bodies and (here) in host functions calling SOMD methods alike.
class Main {
    static int[] twice(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * 2;
        }
        return r;
    }

    public static void main(String[] args) {
        int[] x = new int[10];
        for (int k = 0; k < x.length; k++) {
            x[k] = k;
        }
        int[] p = twice(x);
        int c = 0;
        for (int i = 10; i-- > 0; ) {
            c += p[i];
            if (i == 5) {
                i = Integer.MIN_VALUE;
            }
            if (c > 1000) {
                break;
            }
        }
        int j = 10;
        while (j-- > 0) {
            c += p[j];
            if (j == 7) {
                j = Integer.MIN_VALUE;
            }
            if (c > 2000) {
                break;
            }
        }
        int k = 10;
        for (; k-- > 0; ) {
            c++;
            if (k == 3) {
                k = Integer.MIN_VALUE;
            }
            if (c > 3000) {
                break;
            }
        }
        System.out.println(c + " " + j + " " + k);
    }
}
