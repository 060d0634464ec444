// Java twin of device_sincos.somd: the map as a loop, the SOMD method as one method
// instance over the whole array.
class Main {
    static float rotate(float angle, float r) {
        float x = r * (float) Math.cos(angle);
        float y = r * (float) Math.sin(angle);
        double t = angle * 0.5;
        double s = Math.sin(t);
        t = t + 1.0;
        double c = Math.cos(t);
        if (r > 1.5f) {
            s = s + Math.sin(angle);
        }
        return x + y + (float) (s + c);
    }

    static float[] phases(float[] a, int k) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            double p = a[i] * k;
            out[i] = (float) Math.sin(p) * 3f - (float) Math.cos(p);
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 1000;
        float[] angles = new float[n];
        float[] radii = new float[n];
        for (int i = 0; i < n; i++) {
            angles[i] = (i - 500) * 0.0137f;
            radii[i] = 1f + (i % 7) * 0.25f;
        }
        float[] r = new float[n];
        for (int i = 0; i < n; i++) r[i] = rotate(angles[i], radii[i]);
        float total = 0f;
        for (int i = 0; i < n; i++) total += r[i];
        System.out.println("rotate " + r[0] + " " + r[500] + " " + r[999] + " " + total);
        float[] p = phases(angles, 3);
        float ptotal = 0f;
        for (int i = 0; i < n; i++) ptotal += p[i];
        System.out.println("phases " + p[0] + " " + p[250] + " " + p[999] + " " + ptotal);
    }
}
