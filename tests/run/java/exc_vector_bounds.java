// Java twin of exc_vector_bounds.somd: value arrays are plain arrays, `@` a loop.
class Main {
    static float lane(float[] v, int k) {
        return v[0] + v[k];
    }

    public static void main(String[] args) {
        float[][] rows = {{1f, 2f, 3f, 4f}, {5f, 6f, 7f, 8f}, {9f, 10f, 11f, 12f}};
        int[] ks = {0, 1, 3};
        float[] ok = new float[ks.length];
        for (int i = 0; i < ks.length; i++) ok[i] = lane(rows[i], ks[i]);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[2]);
        int[] bad = {2, 4, 1};
        float[] r = new float[bad.length];
        for (int i = 0; i < bad.length; i++) r[i] = lane(rows[i], bad[i]);
        System.out.println(r[0]);
    }
}
