// args: 40000 3
// throws-at: 38:21
// Host searches over SOMD results (ninety-second session). The first runs as a SOMD method
// of its own; the second reads `r[i]` up to `r.length + 1`, so its test may fail and it
// stays on the host: while an element matches, Java's loop leaves before the end, and in
// the last round, where nothing matches, it reads past the array: Java's
// ArrayIndexOutOfBoundsException there, on every placement, after the earlier rounds.
class Main {
    static int[] mix(int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 7919 + k) % 10007;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
        }
        long total = 0;
        for (int round = 0; round < rounds; round++) {
            int[] r = mix(x, round * 31);
            int first = -1;
            for (int i = 0; i < r.length; i++) {
                if (r[i] == 10006 - round) {
                    first = i;
                    break;
                }
            }
            int limit = 10000 + round * 3;
            int over = -1;
            int end = r.length + 1;
            for (int i = 0; i < end; i++) {
                if (r[i] > limit) {
                    over = i;
                    break;
                }
            }
            total += first + over;
            System.out.println(round + ": " + first + " " + over);
        }
        System.out.println("never " + total);
    }
}
