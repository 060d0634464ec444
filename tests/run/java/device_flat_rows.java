class Main {
    static int[] flat(int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) {
                out[i * w + x] = a[i] * 3 + x;
            }
        }
        return out;
    }

    static long[] rows(long[] a, int w) {
        long[] out = new long[a.length * w];
        int n = a.length;
        for (int i = 0; i < n; i++) {
            long s = a[i] & 15;
            for (int x = 0; x < w; x++) {
                out[x + w * i] = a[i] ^ x;
                out[x + w * i] += s;
                s += out[w * i + x] & 7;
            }
        }
        return out;
    }

    static float[] stencil(float[] rows, float[] img, int w) {
        int h = img.length / w;
        float[] out = new float[rows.length * w];
        int r0 = 0;
        for (int r = 0; r < rows.length; r++) {
            int y = r0 + r;
            for (int x = 0; x < w; x++) {
                float c = img[y * w + x];
                float up = y > 0 ? img[(y - 1) * w + x] : c;
                float dn = y < h - 1 ? img[(y + 1) * w + x] : c;
                float lf = x > 0 ? img[y * w + x - 1] : c;
                float rt = x < w - 1 ? img[y * w + x + 1] : c;
                out[r * w + x] = 0.2f * (c + up + dn + lf + rt);
            }
        }
        return out;
    }

    public static void main(String[] args) {
        int h = Integer.parseInt(args[0]);
        int w = Integer.parseInt(args[1]);
        int[] a = new int[h];
        long[] b = new long[h];
        for (int i = 0; i < h; i++) {
            a[i] = i * 7 % 31;
            b[i] = i * 1000003L;
        }
        int[] o = flat(a, w);
        long s = 0;
        for (int i = 0; i < o.length; i++) {
            s = s * 31 + o[i];
        }
        long[] r = rows(b, w);
        for (int i = 0; i < r.length; i++) {
            s = s * 31 + r[i];
        }
        System.out.println(o.length + " " + r.length + " " + s);
        float[] img = new float[w * h];
        for (int i = 0; i < w * h; i++) {
            img[i] = i * 13 % 29;
        }
        float[] out = stencil(new float[h], img, w);
        double t = 0;
        for (int i = 0; i < w * h; i++) {
            t += out[i] * (i % 3);
        }
        System.out.println(t + " " + out[0] + " " + out[w * h - 1]);
    }
}
