// args: 60000 3
// throws-at: 40:21
// A host loop keeping an argument extremum of SOMD results runs as a SOMD method of its own
// (ninety-first session) and reads through a table of positions, one of which is past the
// result in the last round only: Java's ArrayIndexOutOfBoundsException at the first
// failing iteration, on every placement, after the earlier rounds' extrema. In that round
// a later iteration's position is negative too: an MI whose share holds it fails as well.
// A payload reads the element the test reads (it fails only where the test fails first).
class Main {
    static long[] mix(long[] a, long k) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * k) % 9973;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] x = new long[n];
        int[] pos = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 13L + 5;
            pos[i] = (int) ((i * 7L) % n);
        }
        long best = Long.MIN_VALUE;
        int at = -1;
        long key = 0;
        for (int round = 0; round < rounds; round++) {
            long[] p = mix(x, 101 + round);
            if (round == rounds - 1) {
                pos[n / 3 + 11] = n + 4;
                pos[n - 20] = -3;
            }
            best = Long.MIN_VALUE;
            at = -1;
            int from = 0;
            for (int i = from; i < n; i++) {
                if (p[pos[i]] > best) {
                    best = p[pos[i]];
                    at = i;
                    key = p[pos[i]] * 2 + pos[i];
                }
            }
            System.out.println(round + ": " + best + " at " + at + " key " + key);
        }
        System.out.println("never " + best + " " + at + " " + key);
    }
}
