// Java twin of loopcheck_stride_fail.somd: one MI over the whole array.
class Main {
    static float[] quads(float[] xs, float[] q) {
        float[] out = new float[xs.length];
        for (int k = 0; k < xs.length; k++) {
            float s = 0.0f;
            for (int a = 0; a < q.length; a += 4) {
                s += (q[a] - xs[k]) * q[a + 1] + q[a + 2] / (q[a + 3] + 1.0f);
            }
            out[k] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        float[] xs = new float[300];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i * 0.5f;
        }
        float[] q = new float[4 * 50 + 2];
        for (int a = 0; a < q.length; a++) {
            q[a] = a % 7;
        }
        System.out.println("full groups " + (q.length / 4));
        float[] fq = quads(xs, q);
        System.out.println(fq[0]);
    }
}
// throws-at: 10:50
