// Java twin of device_declined.somd.
class Main {
    static int total(int[] a, int[] extra, int k) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            if (k > 0) {
                s += extra[(a[i] + 8) % 5];
            }
        }
        return s;
    }

    static int rowInfo(int[] row) {
        return row.length * 1000 + row[0] + row[row.length - 1];
    }

    static float shift(Point p, Point c, boolean use) {
        return use ? p.x - c.x : p.x + p.y;
    }

    static void printInts(String what, int[] values) {
        String line = what + ":";
        for (int i = 0; i < values.length; i++) {
            line = line + " " + values[i];
        }
        System.out.println(line);
    }

    static int rowTag(int[] row, int use) {
        return use > 0 ? row.length * use : use;
    }

    static int[] rowTags(int[][] rows, int use) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = rowTag(rows[i], use);
        }
        return out;
    }

    static int[] rowInfos(int[][] rows) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = rowInfo(rows[i]);
        }
        return out;
    }

    static float[] shifts(Point[] points, Point c, boolean use) {
        float[] out = new float[points.length];
        for (int i = 0; i < points.length; i++) {
            out[i] = shift(points[i], c, use);
        }
        return out;
    }

    static int twice(int x) {
        return x * 2;
    }

    static float lift(int v, Point c, boolean use) {
        return use ? v - c.x : v + 0.5f;
    }

    static int[][] grid(int[] a, int k) {
        int[][] m = new int[a.length][k];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < k; j++) {
                m[i][j] = a[i] * 10 + j;
            }
        }
        return m;
    }

    static float[] lifts(int[] vs, Point c, boolean use) {
        float[] out = new float[vs.length];
        for (int i = 0; i < vs.length; i++) {
            out[i] = lift(vs[i], c, use);
        }
        return out;
    }

    static int[] twices(int[] xs) {
        int[] out = new int[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = twice(xs[i]);
        }
        return out;
    }

    public static void main(String[] args) {
        int n = 1000;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 17 - 8;
            b[i] = i % 5;
        }
        System.out.println("total " + total(a, b, 1));
        System.out.println("empty " + total(new int[0], b, 1));
        int[] none = null;
        System.out.println("null " + total(a, none, 0));

        int[][] square = new int[][] {{1, 2, 3}, {4, 5, 6}};
        printInts("square", rowInfos(square));
        int[][] ragged = new int[][] {{1, 2, 3}, {4, 5}, {6}};
        printInts("ragged", rowInfos(ragged));
        printInts("tags", rowTags(ragged, 2));
        int[][] holes = new int[][] {{1, 2, 3}, null, {6}};
        printInts("holes", rowTags(holes, 0));

        Point[] pts = new Point[8];
        for (int i = 0; i < pts.length; i++) {
            pts[i] = new Point(i * 0.5f, i * -0.25f);
        }
        Point[] points = pts.clone();
        float[] moved = shifts(points, new Point(1f, 2f), true);
        System.out.println("moved " + moved[0] + " " + moved[7]);
        Point nowhere = null;
        float[] kept = shifts(points, nowhere, false);
        System.out.println("kept " + kept[0] + " " + kept[7]);

        int[] four = {1, 2, 3, 4};
        int[] few = four.clone();
        float[] lifted = lifts(twices(few), new Point(1f, 2f), true);
        System.out.println("lifted " + lifted[0] + " " + lifted[3]);
        float[] still = lifts(twices(few), nowhere, false);
        System.out.println("still " + still[0] + " " + still[3]);

        int[][] g = grid(four, 3);
        System.out.println("grid " + g[0][0] + " " + g[3][2]);
        int[][] none2 = grid(four, -2);
        System.out.println("never " + none2.length);
    }
}

final class Point {
    final float x;
    final float y;

    Point(float x, float y) {
        this.x = x;
        this.y = y;
    }
}
