// Java twin of exc_bounds_stride.somd.
// Loops whose counter goes up by a constant step (`i += 3`, `i += 4`) skip the element
// checks only when every iteration's accesses are in bounds; otherwise the loop as written
// runs and throws at the iteration and position Java does: here the last group of four
// of a 10-element array reads c[10].
class Main {
    static float sum4(float[] a) {
        float s = 0;
        for (int i = 0; i < a.length; i += 4) {
            s += a[i] * a[i + 1] - a[i + 2] + a[i + 3];
        }
        return s;
    }

    static void mix3(int[] a, int from) {
        for (int i = from; i < a.length - 2; i += 3) {
            a[i] = a[i + 2] * 2;
            a[i + 1] += a[i];
        }
    }

    public static void main(String[] args) {
        float[] a = new float[16];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 0.5f;
        }
        System.out.println(sum4(a));
        int[] b = new int[11];
        for (int i = 0; i < b.length; i++) {
            b[i] = i;
        }
        mix3(b, 1);
        mix3(b, 0);
        long h = 0;
        for (int i = 0; i < b.length; i++) {
            h = h * 31 + b[i];
        }
        System.out.println(h);
        float[] c = new float[10];
        for (int i = 0; i < c.length; i++) {
            c[i] = i;
        }
        System.out.println(sum4(c));
    }
}
// throws-at: 9:36
