// Java twin of device_search_down.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Aligned {
    // Near-equal ranges whose boundaries are multiples of `align` (the last is `length`).
    static int[] bounds(int length, int parts, int align) {
        int[] b = new int[parts + 1];
        int blocks = length / align;
        for (int r = 0; r < parts; r++) {
            b[r] = (int) ((long) blocks * r / parts) * align;
        }
        b[parts] = length;
        return b;
    }
}

class Main {
    static int lastNegative(int[] a) {
        int found = -1;
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] < 0) {
                found = i;
                break;
            }
        }
        return found;
    }

    static int lastIndexOf(int[] a, int key) {
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] == key) return i;
        }
        return -1;
    }

    static int lastZeroPair(int[] a) {
        int at = -1;
        for (int i = a.length - 2; i > -1; i -= 2) {
            if (a[i] + a[i + 1] == 0) {
                at = i;
                break;
            }
        }
        return at;
    }

    // The last element above `t` and its whole part, packed (`at` first, so the maximum
    // over the partitions is the first match's from the top).
    static long lastAbove(double[] x, double t) {
        int at = -1;
        double v = 0.0;
        for (int i = x.length - 1; i >= 0; i = i - 1) {
            if (x[i] > t) {
                at = i;
                v = x[i];
                break;
            }
        }
        return at < 0 ? -1L : (long) at * 1000 + (long) v;
    }

    static long quotient(int[] a) {
        int at = -1;
        int q = 0;
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] < 0) {
                at = i;
                q = 1000 / (a[i] + 1);
                break;
            }
        }
        return (long) at * 10000 + q;
    }

    public static void main(String[] args) {
        int n = 200000;
        int[] a = new int[n];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1000 + 1;
            x[i] = (i % 977) * 0.5;
        }
        System.out.println("none " + lastNegative(a) + " " + lastIndexOf(a, -4) + " "
            + lastAbove(x, 1000.0) + " " + lastZeroPair(a));
        a[150001] = -3;
        a[123457] = -2;
        a[99] = -5;
        System.out.println("lastNegative " + lastNegative(a));
        System.out.println("lastIndexOf " + lastIndexOf(a, 500) + " " + lastIndexOf(a, -5) + " "
            + lastIndexOf(a, 1001));
        System.out.println("lastAbove " + lastAbove(x, 300.0) + " " + lastAbove(x, 487.5));
        a[4000] = 7;
        a[4001] = -7;
        a[177] = 1;
        a[178] = -1;
        a[181] = 2;
        a[182] = -2;
        System.out.println("lastZeroPair " + lastZeroPair(a));
        System.out.println("quotient " + quotient(a));
    }
}
