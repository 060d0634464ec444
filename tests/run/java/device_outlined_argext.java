// args: 100000 3
// Host loops over SOMD results keeping an argument extremum run as SOMD methods of their own
// (ninety-first session): `if (v > m) { m = v; k = i; }` and its `>=`, `<`, `<=` forms,
// stepping up and down, with several payloads of other types, and a floating-point maximum
// without payloads. Each method returns the extremum, the payloads and whether it set them;
// its CPU path splits the range among MIs that each start from the caller's values and
// picks their tables in order, and a device keeps the iteration of each candidate. The data
// has ties everywhere, NaN and both zeros, so that the first or last occurrence Java keeps
// shows.
class Main {
    // Values from -50 to 50 in steps of 0.5, the same value many times; every 97th is NaN
    // and every 89th -0.0.
    static double[] wave(double[] a, double shift) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            int g = 0 + i;
            double v = ((g * 37 + (int) shift) % 201 - 100) * 0.5;
            if (g % 97 == 5) {
                v = 0.0 / 0.0;
            } else if (g % 89 == 3) {
                v = -0.0;
            }
            r[i] = v + a[i] * 0.0;
        }
        return r;
    }

    static int[] digits(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * k) % 1000;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] x = new double[n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 3;
            y[i] = i * 7 + 3;
        }
        for (int round = 0; round < rounds; round++) {
            double[] p = wave(x, round * 3.0);
            int[] q = digits(y, 31 + round);
            // The first largest, and where.
            double best = Double.NEGATIVE_INFINITY;
            int at = -1;
            for (int i = 0; i < n; i++) {
                if (p[i] > best) {
                    best = p[i];
                    at = i;
                }
            }
            // The last smallest, stepping down: the first from the bottom.
            double low = 0.0;
            int lowAt = -7;
            char tag = 'x';
            for (int i = n - 1; i >= 0; i--) {
                if (low >= p[i]) {
                    low = p[i];
                    lowAt = i;
                    tag = (char) ('a' + i % 26);
                }
            }
            // The last largest `int`, with a `long` payload reading the element the test
            // reads and a `short` one.
            int top = Integer.MIN_VALUE;
            long topKey = -1;
            short topMod = -1;
            for (int i = 0; i < n; i++) {
                if (q[i] >= top) {
                    top = q[i];
                    topKey = i * 1000003L + q[i];
                    topMod = (short) (i % 30000);
                }
            }
            // The first smallest from a floor nothing below reaches: nothing is set.
            int floor = -5;
            int floorAt = 42;
            for (int i = 0; i < n; i++) {
                if (q[i] < floor) {
                    floor = q[i];
                    floorAt = i;
                }
            }
            // A `float` maximum without payloads: the first of the zeros when nothing is
            // positive, NaN never taken.
            float fm = -0.0f;
            for (int i = 0; i < n; i += 2) {
                float v = (float) p[i] - 60.0f;
                if (v > fm) fm = v;
            }
            float gm = 0.0f;
            for (int i = 0; i < n; i++) {
                if ((float) -Math.abs(p[i]) >= gm) gm = (float) -Math.abs(p[i]);
            }
            // Every third element, the first largest of a sum, with a `float` payload that
            // reads an element not proven in range: the loop stays on the host, since an MI
            // evaluates it in iterations where Java's loop may not.
            double s = -1.0e300;
            float sv = 1.5f;
            int sAt = -1;
            for (int i = 2; i < n - 1; i += 3) {
                double v = p[i] + q[i] * 0.25;
                if (v > s) {
                    s = v;
                    sv = (float) p[i - 1];
                    sAt = i;
                }
            }
            System.out.println(best + " " + at + " " + low + " " + lowAt + " " + tag);
            System.out.println(top + " " + topKey + " " + topMod + " " + floor + " " + floorAt);
            System.out.println(fm + " " + gm + " " + s + " " + sv + " " + sAt);
        }
        // A short array: the MIs' shares hold one element or none.
        double[] few = wave(new double[5], 1.0);
        double fb = -1.0;
        int fa = -1;
        for (int i = 0; i < few.length; i++) {
            if (few[i] >= fb) {
                fb = few[i];
                fa = i;
            }
        }
        System.out.println(fb + " " + fa);
    }
}
