// Java twin of shared_state.somd. SOMD methods whose method instances would share what they write: a static counter, a
// static histogram, the receiver's fields, a `Random` the caller made, and the output.
// Java runs each body once, in order; such a method runs as one method instance on the
// CPU (warning W0304), so every placement prints Java's output. A method writing its
// receiver's array only at its own partition's global indices stays parallel, with the
// same result.
import java.util.Random;

class Main {
    static long calls = 0;
    static int[] hist = new int[4];

    long seen = 0;
    int[] counts = new int[4];
    long[] own;

    Main(int n) {
        own = new long[n];
    }

    static long counted(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            calls++;
            hist[a[i] & 3]++;
            s += a[i];
        }
        return s;
    }

    long tallied(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            seen += a[i] % 3;
            counts[a[i] % 4]++;
            s += a[i];
        }
        return s;
    }

    void ownElements(int[] a) {
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            own[g] += (long) a[i] * 3 + g;
        }
    }

    static long drawn(int[] a, Random r) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (long) r.nextInt(100);
        }
        return s;
    }

    static int printed(int[] a) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] % 97 == 0) {
                System.out.println("at " + i + " of " + a.length + ": " + a[i]);
            }
            m = Math.max(m, a[i]);
        }
        return m;
    }

    public static void main(String[] args) {
        int n = 100000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1000;
        }
        System.out.println(counted(a) + " calls=" + calls + " hist=" + hist[0] + "," + hist[1]
            + "," + hist[2] + "," + hist[3]);
        Main m = new Main(n);
        System.out.println(m.tallied(a) + " seen=" + m.seen + " counts=" + m.counts[0] + ","
            + m.counts[1] + "," + m.counts[2] + "," + m.counts[3]);
        m.ownElements(a);
        m.ownElements(a);
        long check = 0;
        for (int i = 0; i < n; i++) {
            check = check * 31 + m.own[i];
        }
        System.out.println("own " + check);
        Random r = new Random(42);
        System.out.println(drawn(a, r) + " then " + r.nextInt(1000));
        int[] small = new int[1000];
        for (int i = 0; i < small.length; i++) {
            small[i] = (i * 13) % 1000;
        }
        System.out.println(printed(small));
    }
}
