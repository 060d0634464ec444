// Java twin of device_null_value.somd.
final class V {
    final int x;

    V(int x) {
        this.x = x;
    }
}

final class W {
    final V v;

    W(V v) {
        this.v = v;
    }
}

class Main {
    static W mkW(int i) {
        if (i == 7) {
            return new W(null);
        }
        return new W(new V(i));
    }

    static int depth(int i) {
        V v = null;
        if (i % 3 == 0) {
            v = new V(i * 5);
        }
        W w = new W(v);
        if (i % 3 == 0) {
            return w.v.x;
        }
        return -i;
    }

    static W wrap(int i) {
        return new W(new V(i * i - 3));
    }

    static int unwrap(W w, int k) {
        return w.v.x * k + 1;
    }

    static int twice(int i) {
        return i * 2;
    }

    public static void main(String[] args) {
        int[] t = new int[100000];
        for (int i = 0; i < t.length; i++) {
            t[i] = twice(i);
        }
        System.out.println(t[99999] + " " + t[12345]);
        W[] ws = new W[10];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = mkW(i);
        }
        int sum = 0;
        for (int i = 0; i < ws.length; i++) {
            if (i != 7) {
                sum += ws[i].v.x;
            }
        }
        System.out.println(ws[2].v.x + " " + sum);
        int[] d = new int[7];
        for (int i = 0; i < d.length; i++) {
            d[i] = depth(i);
        }
        String line = "depth:";
        for (int i = 0; i < d.length; i++) {
            line = line + " " + d[i];
        }
        System.out.println(line);
        W[] good = new W[1000];
        for (int i = 0; i < good.length; i++) {
            good[i] = wrap(i);
        }
        int[] u = new int[good.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = unwrap(good[i], 3);
        }
        System.out.println(u[0] + " " + u[999] + " " + good[10].v.x);
    }
}
