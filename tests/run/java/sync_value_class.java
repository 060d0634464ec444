// Java twin of sync_value_class.somd: the SOMD method runs as one method instance, `sync`
// blocks are plain blocks, the value class a final class, and `a` is passed by value.
final class Weights {
    final int scale;
    final double bias;

    Weights(int scale, double bias) {
        this.scale = scale;
        this.bias = bias;
    }
}

class Main {
    static double[] blend(double[] a, double[] b, Weights w, int steps) {
        for (int p = 0; p < steps; p++) {
            for (int i = 1; i < a.length - 1; i++) {
                b[i] = (a[i - 1] + a[i + 1]) * w.scale + w.bias + p;
            }
            for (int i = 1; i < a.length - 1; i++) {
                a[i] = b[i] * 0.25 - w.bias;
            }
        }
        return a;
    }

    public static void main(String[] args) {
        int n = 4001;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 37) % 101;
        }
        double[] r = blend(a.clone(), b.clone(), new Weights(3, 0.5), 5);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += r[i];
        }
        System.out.println(sum + " " + r[1] + " " + r[n / 2] + " " + r[n - 2]);
    }
}
