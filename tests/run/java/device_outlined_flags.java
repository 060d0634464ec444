// args: 10000 4
// Host loops folding SOMD results into `boolean` flags run as SOMD methods of their own
// (eighty-fifth session): `&=`, `|=` and `^=` of `boolean`s, evaluated in every iteration
// as Java does, are exact in any order. Each round's flags change: an element equal to a
// value the round reaches, an odd count of odd elements, all below a bound.
class Main {
    static int[] step(int[] a, int k) {
        int o = 0;
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (a[i] * 31 + k * 7 + o + i) % 100003;
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        boolean odd = false;
        for (int r = 0; r < rounds; r++) {
            a = step(a, r);
            boolean below = true;
            for (int i = 0; i < n; i++) {
                below &= a[i] < 100000 - r * 10;
            }
            boolean hit = false;
            for (int i = 0; i < n; i++) {
                hit |= a[i] == 4242 + r;
            }
            for (int i = 1; i < n; i++) {
                odd ^= (a[i] & 1) == 1;
            }
            System.out.println(r + ": " + below + " " + hit + " " + odd);
        }
        System.out.println(a[0] + " " + a[n - 1]);
    }
}
