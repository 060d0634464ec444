// Integer and long overflow wraps in every operator (LANGUAGE.md 1.5).
class Main {
    static int twice(int x) {
        return x + x;
    }

    public static void main(String[] args) {
        int max = Integer.MAX_VALUE;
        int min = Integer.MIN_VALUE;
        System.out.println(max + 1);
        System.out.println(min - 1);
        System.out.println(max * 2);
        System.out.println(max * max);
        System.out.println(min * -1);
        System.out.println(-min);
        System.out.println(twice(max));
        int i = max;
        i++;
        System.out.println(i);
        i--;
        System.out.println(i);
        int j = min;
        --j;
        System.out.println(j);
        int k = max;
        k += 10;
        System.out.println(k);
        k -= 20;
        System.out.println(k);
        k *= 123456789;
        System.out.println(k);
        System.out.println(Math.abs(min));
        System.out.println(Math.abs(Long.MIN_VALUE));
        long lmax = Long.MAX_VALUE;
        long lmin = Long.MIN_VALUE;
        System.out.println(lmax + 1);
        System.out.println(lmin - 1);
        System.out.println(lmax * 3);
        System.out.println(-lmin);
        System.out.println(lmin * -1L);
        long acc = 1;
        for (int n = 0; n < 70; n++) {
            acc = acc * 3 + 1;
        }
        System.out.println(acc);
        int h = 0;
        for (int n = 0; n < 100; n++) {
            h = 31 * h + n;
        }
        System.out.println(h);
        System.out.println(1000000 * 1000000);
        System.out.println(1000000L * 1000000);
        System.out.println((long) (max + 1));
        System.out.println((long) max + 1);
        System.out.println(~max);
        System.out.println(~0L);
        short s = (short) 32767;
        System.out.println(s + 1);
        byte b = 127;
        b++;
        System.out.println(b);
        char c = 65535;
        c++;
        System.out.println((int) c);
    }
}
