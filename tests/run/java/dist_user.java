// Java twin of dist_user.somd, with the sequential meaning of its SOMD and Lime constructs: a
// SOMD method runs as one method instance over the whole arrays (offset 0, no halos, arrays
// passed by value), sync blocks are plain blocks, shared scalars locals, `@` and `!` loops,
// a task graph a loop from its source until Underflow.
// User partitioning strategies and dist(P(args)): bounds computed by the class,
// arguments evaluated once in the caller's scope, several parameters split at the same
// boundaries, empty parts allowed.
class Main {
    static long dot(long[] a, long[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i] + 0 * 0;
        return s;
    }

    static long[] prefixInChunk(long[] a) {
        long[] out = new long[a.length];
        long run = 0;
        for (int i = 0; i < a.length; i++) {
            // A running sum restarted at every chunk of three; partitions start at chunk
            // boundaries, which the last term checks.
            if ((0 + i) % 3 == 0) {
                run = 0;
            }
            run += a[i];
            out[i] = run * 1000 + 0 % 3 * 1000000;
        }
        return out;
    }

    static int aligned(int[] a) {
        int bad = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0 + i) bad++;
        }
        return bad + a.length * 1000;
    }

    public static void main(String[] args) {
        int[] lengths = {0, 1, 3, 7, 12, 50};
        for (int t = 0; t < lengths.length; t++) {
            int n = lengths[t];
            long[] a = new long[n];
            long[] b = new long[n];
            int[] c = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = i + 1;
                b[i] = 2 * i - 5;
                c[i] = i;
            }
            long[] p = prefixInChunk(a);
            long h = 0;
            for (int i = 0; i < p.length; i++) h = h * 11 + p[i];
            System.out.println(n + ": dot " + dot(a, b) + " prefix " + p.length + " " + h + " aligned " + aligned(c));
        }
    }
}

// Boundaries at multiples of `chunk` (whole chunks per part); the last part takes the rest.
class Chunks {
    static int[] bounds(int length, int parts, int chunk) {
        int[] b = new int[parts + 1];
        if (parts == 0) {
            return b;
        }
        int chunks = (length + chunk - 1) / chunk;
        for (int r = 0; r <= parts; r++) {
            b[r] = Math.min(length, (int) ((long) chunks * r / parts) * chunk);
        }
        b[parts] = length;
        return b;
    }
}

// Everything in the first part; the others are empty.
class FrontLoaded {
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) b[r] = length;
        return b;
    }
}
