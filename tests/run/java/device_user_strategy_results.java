// Java twin of device_user_strategy_results.somd: one MI over the whole arrays.
class Main {
    static int[][] brighten(int[][] img, int k) {
        for (int i = 0; i < img.length; i++) {
            for (int j = 0; j < img[i].length; j++) {
                img[i][j] = (img[i][j] + k) % 251;
            }
        }
        return img;
    }

    static long total(int[][] img) {
        long s = 0;
        for (int i = 0; i < img.length; i++) {
            for (int j = 0; j < img[i].length; j++) {
                s += img[i][j] * (long) (j + 1);
            }
        }
        return s;
    }

    static double[] scale(double[] a, double f, int align) {
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * f + 1.0;
        }
        return a;
    }

    static double sum(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int m = Integer.parseInt(args[1]);
        int[][] img = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                img[i][j] = (i * 7 + j * 3) % 256;
            }
        }
        for (int r = 0; r < 5; r++) {
            img = brighten(img, r + 1);
        }
        int w = img[0].length;
        int h = img.length;
        int last = img[h - 1].length;
        System.out.println("image " + h + " x " + w + " " + last + " " + total(img));
        System.out.println("cell " + img[3][4] + " " + img[h - 2][w - 1]);
        img = brighten(img, 7);
        System.out.println("again " + total(img) + " " + img[n / 2].length);

        double[] x = new double[n * 3];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i % 11) * 0.25;
        }
        for (int r = 0; r < 4; r++) {
            x = scale(x, 0.5, 64);
        }
        System.out.println("vector " + x.length + " " + sum(x) + " " + x[7]);

        int[][] tri = new int[4][];
        for (int i = 0; i < tri.length; i++) {
            tri[i] = new int[i + 1];
        }
        System.out.println("host rows " + tri[0].length + " " + tri[3].length);
    }
}
