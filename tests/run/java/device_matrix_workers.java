class Main {
    static int next = 0;

    static double[][] mats() {
        if (next >= 40) {
            throw new Underflow();
        }
        next++;
        double[][] m = new double[300][64];
        for (int i = 0; i < 300; i++) {
            for (int j = 0; j < 64; j++) {
                m[i][j] = ((i * 7 + j * 3 + next * 11) % 17) * 0.25 - 1.5;
            }
        }
        return m;
    }

    static double rowSum(double[] row) {
        double s = 0;
        for (double v : row) {
            s += v;
        }
        return s;
    }

    static double score(double[][] m) {
        double[] sums = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            sums[i] = rowSum(m[i]);
        }
        double best = Double.NEGATIVE_INFINITY;
        for (double s : sums) {
            best = Math.max(best, s);
        }
        return best;
    }

    static double middle(double[][] m) {
        double best = Double.NEGATIVE_INFINITY;
        for (double v : m[m.length / 2]) {
            best = Math.max(best, v);
        }
        return best;
    }

    static double total = 0;

    static void sink(double d) {
        total += d;
    }

    public static void main(String[] args) {
        try {
            while (true) {
                sink(score(mats()));
            }
        } catch (Underflow u) {
        }
        System.out.println(total);
        next = 0;
        total = 0;
        try {
            while (true) {
                sink(middle(mats()));
            }
        } catch (Underflow u) {
        }
        System.out.println(total);
    }
}

class Underflow extends RuntimeException {
}
