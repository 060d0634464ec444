// Java twin of exc_bounds_histogram_grouped.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole arrays (its table is
// the one partial; `combine` is not called for one partial).
// An out-of-bounds index in the middle of a run of table updates of a histogram SOMD
// method: on the device the three indices of an iteration are checked together before its
// updates, and when one is out of range the updates run one by one with their own checks,
// so the failure is the second update's, as in Java (its first update's index is in
// range). The failing point is late in the input (300,000 points: the work-items loop over
// several each). Only one point triggers it, so the message does not depend on the number
// of MIs.
// args: 300000
class LongSums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static long[] clusterSums(int[] xs, int[] ys, int[] membership, int k) {
        long[] sums = new long[3 * k - 2];
        for (int i = 0; i < xs.length; i++) {
            int c = membership[i];
            sums[3 * c] += xs[i];
            sums[3 * c + 1] += ys[i];
            sums[3 * c + 2]++;
        }
        return sums;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int k = 8;
        int[] xs = new int[n];
        int[] ys = new int[n];
        int[] membership = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i * 3 - 7000;
            ys[i] = i % 977;
            membership[i] = (i * 5) % (k - 1);
        }
        long[] sums = clusterSums(xs, ys, membership, k);
        System.out.println(sums[0] + " " + sums[1] + " " + sums[2] + " " + sums[20]);
        membership[n - 1234] = k - 1;
        System.out.println(clusterSums(xs, ys, membership, k)[0]);
    }
}
// throws-at: 25:13
