// Java twin of device_float_sqrt.somd: one MI over the whole arrays (`Somd.offset` is 0).
import java.util.Random;

class Main {
    static float[] roots(float[] f) {
        float[] out = new float[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = (float) Math.sqrt(f[i]);
        }
        return out;
    }

    static float[] mixed(float[] f, double[] d, int[] n) {
        int first = 0;
        float[] out = new float[f.length];
        for (int i = 0; i < f.length; i++) {
            float a = (float) Math.sqrt(f[i] * 3.0f);
            float b = (float) Math.sqrt(d[first + i]);
            float c = (float) Math.sqrt(n[first + i]);
            double e = Math.sqrt(f[i]);
            out[i] = a + b + c + (float) (e * 0.5);
        }
        return out;
    }

    static long checksum(float[] v) {
        long sum = 0;
        int x = 0;
        for (int i = 0; i < v.length; i++) {
            int bits = Float.floatToIntBits(v[i]);
            sum += (long) bits * (i % 7 + 1);
            x ^= bits;
        }
        return sum * 31 + x;
    }

    public static void main(String[] args) {
        Random r = new Random(77);
        float[] f = new float[40000];
        float scale = Float.MIN_VALUE;
        int k = 0;
        while (k < 38000) {
            f[k] = (r.nextFloat() + 0.5f) * scale;
            k++;
            if (k % 140 == 0 && scale < 1.0e37f) {
                scale = scale * 2.0f;
            }
        }
        float[] special = {0.0f, -0.0f, -1.0f, 1.0f / 0.0f, -1.0f / 0.0f, 0.0f / 0.0f,
            Float.MIN_VALUE, Float.MAX_VALUE, 2.0f, 4.0f, 1.0e-40f, 16777217.0f, 0.999999f};
        for (int j = 0; j < special.length; j++) {
            f[k + j] = special[j];
        }
        for (int j = k + special.length; j < f.length; j++) {
            f[j] = r.nextFloat() * 100.0f - 50.0f;
        }
        double[] d = new double[f.length];
        int[] n = new int[f.length];
        for (int j = 0; j < f.length; j++) {
            d[j] = r.nextDouble() * 1.0e12;
            n[j] = r.nextInt();
        }
        float[] a = roots(f);
        float[] b = mixed(f, d, n);
        System.out.println("roots " + checksum(a) + " " + a[7] + " " + a[38005]);
        System.out.println("mixed " + checksum(b) + " " + b[7]);
    }
}
