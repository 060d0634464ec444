// Java twin of range_negative.somd: `Somd.range(n)` is `IntStream.range(0, n)`.
import java.util.stream.IntStream;

class Main {
    static int[] range(int n) {
        return IntStream.range(0, n).toArray();
    }

    static int sum(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    static int count(int n) {
        int[] r = range(n);
        int s = 0;
        for (int i = 0; i < r.length; i++) {
            s += twice(r[i]);
        }
        return s + 1;
    }

    static int twice(int i) {
        return 2 * i;
    }

    public static void main(String[] args) {
        for (int n = -3; n <= 3; n++) {
            int[] r = range(n);
            int[] d = new int[range(n).length];
            for (int i = 0; i < d.length; i++) {
                d[i] = twice(range(n)[i]);
            }
            System.out.println(n + ": " + r.length + " " + d.length + " " + sum(range(n)));
        }
        int[] in = new int[]{3, -4, 0, Integer.MIN_VALUE, 5};
        int[] c = new int[in.length];
        for (int i = 0; i < in.length; i++) {
            c[i] = count(in[i]);
        }
        for (int i = 0; i < c.length; i++) {
            System.out.print(c[i] + " ");
        }
        System.out.println();
    }
}
