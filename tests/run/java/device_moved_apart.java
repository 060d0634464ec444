class Main {
    static double[] start(double[] a, double k) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] * k;
        return out;
    }

    static double[] wave(double[] prev, double[] cur) {
        double[] next = new double[cur.length];
        for (int i = 1; i < cur.length - 1; i++) {
            next[i] = 2 * cur[i] - prev[i] + 0.25 * (cur[i - 1] - 2 * cur[i] + cur[i + 1]);
        }
        return next;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int steps = Integer.parseInt(args[1]);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = (i % 100) / 100.0;
        double[] prev = start(a, 1.0);
        double[] cur = start(a, 1.01);
        int t = 0;
        long marks = 0;
        for (int s = 0; s < steps; s++) {
            double[] next = wave(prev, cur);
            prev = cur;
            t = t + 1;
            marks += t * 3;
            cur = next;
        }
        double sum = 0;
        for (int i = 0; i < n; i++) sum += cur[i] * (i % 5);
        System.out.println(Math.round(sum * 1000) + " " + t + " " + marks);
    }
}
