// args: 5000 3
// throws-at: 27:25
// A host loop that runs as a SOMD method of its own (eighty-fourth session) reads past the
// SOMD result it adds in its third round: Java's ArrayIndexOutOfBoundsException at the
// read, after the rounds before it printed, on every placement.
class Main {
    static double[] scale(double[] x, double k) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * k;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 9;
        }
        double[] y = new double[n + 4];
        int m = n;
        for (int r = 0; r < rounds; r++) {
            double[] s = scale(x, r + 1);
            for (int i = 0; i < m; i++) {
                y[i] += s[i];
            }
            System.out.println("round " + r + " " + y[3] + " " + y[n - 1]);
            if (r == 1) {
                m = n + 2;
            }
        }
        System.out.println("done " + y[n]);
    }
}
