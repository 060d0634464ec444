// args: 40000 3
// throws-at: 36:31
// Host searches over SOMD results that leave the match in their index (ninety-second
// session). The first runs as a SOMD method of its own; the second, a `while` search,
// reads `r[j]` up to `r.length + 1`, so it stays on the host (with a fresh index that
// `found_index` gives it): while an element matches it leaves before the end, and in the
// last round, where nothing matches, it reads past the array: Java's
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
            int i;
            for (i = 0; i < r.length; i++) {
                if (r[i] == 10006 - round) {
                    break;
                }
            }
            int j = 0;
            int end = r.length + 1;
            while (j < end && r[j] <= 10000 + round * 3) {
                j++;
            }
            total += i + j;
            System.out.println(round + ": " + i + " " + j);
        }
        System.out.println("never " + total);
    }
}
