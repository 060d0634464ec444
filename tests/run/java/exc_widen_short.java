// Java twin of exc_widen_short.somd: the SOMD method runs as one method instance.
class One {
    static int[] bounds(int length, int parts) {
        int[] b = new int[parts + 1];
        for (int r = 1; r <= parts; r++) {
            b[r] = length;
        }
        return b;
    }
}

class Main {
    static float[] pick(float[] x, float[] y) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0) {
                r[i] = x[i] * y[i];
            } else {
                r[i] = -x[i];
            }
        }
        return r;
    }

    public static void main(String[] args) {
        int n = 4 * 100 + 3;
        float[] x = new float[n];
        float[] y = new float[n - 1];
        for (int i = 0; i < n; i++) {
            x[i] = i % 3 == 1 ? -0.5f * i : 0.25f * i + 1.0f;
        }
        float[] r = pick(x, new float[n]);
        System.out.println(r[n - 1]);
        r = pick(x, y);
        System.out.println(r[0]);
    }
}
