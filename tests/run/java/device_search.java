// Java twin of device_search.somd: one MI over the whole arrays (`Somd.offset` is 0).
class Main {
    static int firstNegative(int[] a) {
        int found = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                found = i;
                break;
            }
        }
        return found;
    }

    static int indexOf(int[] a, int key) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == key) return i;
        }
        return Integer.MAX_VALUE;
    }

    // The first element above `t` and its whole part, packed (`at` first, so the minimum
    // over the partitions is the first match's).
    static long firstAbove(double[] x, double t) {
        int at = -1;
        double v = 0.0;
        search:
        for (int i = 0; i < x.length; i += 1) {
            if (x[i] > t) {
                at = i;
                v = x[i];
                break search;
            }
        }
        return at < 0 ? Long.MAX_VALUE : (long) at * 1000 + (long) v;
    }

    static int firstDescent(int[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i] < a[i - 1]) return i;
        }
        return Integer.MAX_VALUE;
    }

    static int quotient(int[] a) {
        int q = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                q = 1000 / (a[i] + 1);
                break;
            }
        }
        return q;
    }

    static int fragile(int[] a) {
        int at = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (100 / a[i] < 0) {
                at = i;
                break;
            }
        }
        return at;
    }

    public static void main(String[] args) {
        int n = 200000;
        int[] a = new int[n];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7919) % 1000 + 1;
            x[i] = (i % 977) * 0.5;
        }
        System.out.println("none " + firstNegative(a) + " " + indexOf(a, -4) + " "
            + firstAbove(x, 1000.0) + " " + firstNegative(new int[0]));
        a[150001] = -3;
        a[123457] = -2;
        a[199999] = -5;
        System.out.println("firstNegative " + firstNegative(a));
        System.out.println("indexOf " + indexOf(a, 500) + " " + indexOf(a, -5) + " " + indexOf(a, 1001));
        System.out.println("firstAbove " + firstAbove(x, 300.0) + " " + firstAbove(x, 487.5));
        int[] up = new int[n];
        for (int i = 0; i < n; i++) up[i] = i / 3;
        System.out.println("firstDescent " + firstDescent(up));
        up[77777] = 0;
        System.out.println("firstDescent " + firstDescent(up));
        System.out.println("quotient " + quotient(a));
        int[] z = new int[n];
        for (int i = 0; i < n; i++) z[i] = i + 1;
        z[54321] = -7;
        System.out.println("fragile " + fragile(z));
    }
}
