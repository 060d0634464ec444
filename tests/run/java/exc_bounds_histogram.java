// Java twin of exc_bounds_histogram.somd, with the sequential meaning of its SOMD constructs:
// a SOMD method runs as one method instance over the whole arrays (its table is the one
// partial; `combine` is not called for one partial).
// An out-of-bounds index into the table of a histogram SOMD method (per-work-group tables
// on the device) ends the program at the update's position on every placement; only one
// element triggers it, so the message does not depend on the number of MIs.
class Sums {
    static long[] combine(long[] a, long[] b) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i] + b[i];
        }
        return c;
    }
}

class Main {
    static long[] sums(int[] keys, int[] values, int k) {
        long[] t = new long[2 * k];
        for (int i = 0; i < keys.length; i++) {
            t[2 * keys[i]] += values[i];
            t[2 * keys[i] + 1]++;
        }
        return t;
    }

    public static void main(String[] args) {
        int k = 4;
        int[] keys = new int[5000];
        int[] values = new int[5000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (i * 7) % k;
            values[i] = i;
        }
        long[] t = sums(keys, values, k);
        System.out.println(t[0] + " " + t[1] + " " + t[6] + " " + t[7]);
        keys[3777] = k;
        System.out.println(sums(keys, values, k)[0]);
    }
}
// throws-at: 18:13
