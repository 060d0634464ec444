// Java twin of device_instance_intermediate.somd: the SOMD methods copy the arrays they
// write (parameters are passed by value), intermediate reductions are plain calls.
class Main {
    long bias;
    int weight;

    Main(long bias, int weight) {
        this.bias = bias;
        this.weight = weight;
    }

    double[] norm(double[] a) {
        a = a.clone();
        double norm = Math.sqrt(sumProd(a));
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] / norm;
        }
        return a;
    }

    double sumProd(double[] a) {
        double sumProd = 0;
        for (int i = 0; i < a.length; i++) {
            sumProd += a[i] * a[i];
        }
        return sumProd;
    }

    long[] center(long[] a) {
        long total = weighted(a);
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * weight - total + bias;
        }
        return out;
    }

    long weighted(long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * weight;
        }
        return s;
    }

    long peak(long[] a) {
        long m = Long.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i] + bias);
        }
        return m;
    }

    long[] flatten(long[] a, int rounds) {
        a = a.clone();
        for (int p = 0; p < rounds; p++) {
            long top = peak(a);
            for (int i = 0; i < a.length; i++) {
                a[i] = (a[i] * 3 + top) % 1000003;
            }
        }
        return a;
    }

    public static void main(String[] args) {
        Main m = new Main(7, 3);
        double[] d = new double[1000];
        for (int i = 0; i < d.length; i++) {
            d[i] = (i % 17) - 8;
        }
        double[] n = m.norm(d);
        double sq = 0;
        for (int i = 0; i < n.length; i++) {
            sq += n[i] * n[i];
        }
        System.out.println(Math.abs(sq - 1.0) < 1e-9);
        System.out.println(n[3] + " " + n[999]);
        long[] l = new long[4099];
        for (int i = 0; i < l.length; i++) {
            l[i] = (i * 7919L) % 10007 - 5000;
        }
        long[] c = m.center(l);
        System.out.println(c[0] + " " + c[1] + " " + c[4098]);
        long[] f = m.flatten(l, 4);
        long h = 0;
        for (int i = 0; i < f.length; i++) {
            h = h * 31 + f[i];
        }
        System.out.println(h);
        System.out.println(l[5]);
    }
}
