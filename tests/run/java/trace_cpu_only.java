// Java twin of trace_cpu_only.somd.
class Box {
    final int[] items;

    Box(int[] items) {
        this.items = items;
    }
}

class Main {
    static int offset = 0;

    static long shifted(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] + offset;
        }
        return s;
    }

    static int[] span(int x) {
        int[] p = new int[3];
        for (int k = 0; k < 3; k++) {
            p[k] = x * 3 + k;
        }
        return p;
    }

    static Box boxed(int x) {
        int[] p = new int[2];
        p[0] = x;
        p[1] = x + 1;
        int[][] parts = new int[2][];
        for (int i = 0; i < 2; i++) {
            parts[i] = span(p[i]);
        }
        return new Box(parts[1]);
    }

    static Box wider(Box a, Box b) {
        return a.items[1] >= b.items[1] ? a : b;
    }

    public static void main(String[] args) {
        int[] a = new int[3000];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 7) % 101;
        }
        offset = args.length + 2;
        int[][] spans = new int[a.length][];
        Box[] boxes = new Box[a.length];
        for (int i = 0; i < a.length; i++) {
            spans[i] = span(a[i]);
            boxes[i] = boxed(a[i]);
        }
        Box w = boxes[0];
        for (int i = 1; i < boxes.length; i++) {
            w = wider(w, boxes[i]);
        }
        long t = 0;
        for (int r = 0; r < 3; r++) {
            t += shifted(a);
        }
        System.out.println(spans[7][2] + " " + w.items[0] + " " + t);
    }
}
