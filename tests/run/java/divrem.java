// Integer / and % truncate toward zero; MIN / -1 wraps; floating % follows fmod.
class Main {
    public static void main(String[] args) {
        int[] as = {7, -7, 7, -7, 0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
        int[] bs = {2, 2, -2, -2, 3, -1, 5, -1, -1};
        for (int i = 0; i < as.length; i++) {
            System.out.println(as[i] + " / " + bs[i] + " = " + (as[i] / bs[i]) + ", % = " + (as[i] % bs[i]));
        }
        long lmin = Long.MIN_VALUE;
        System.out.println(lmin / -1);
        System.out.println(lmin % -1);
        System.out.println(-9L / 4L + " " + (-9L % 4L) + " " + (9L % -4L));
        System.out.println(Integer.MIN_VALUE % 3);
        System.out.println(5.5 % 2.0);
        System.out.println(-5.5 % 2.0);
        System.out.println(5.5 % -2.0);
        System.out.println(5.0f % 3.0f);
        System.out.println(-0.0 % 1.0);
        System.out.println(1.0 % 0.0);
        System.out.println(1.0 / 0.0);
        System.out.println(-1.0 / 0.0);
        System.out.println(0.0 / 0.0);
        System.out.println(1.0f / 0f);
        System.out.println(-1 / 0.0);
        int x = 100;
        x /= -7;
        System.out.println(x);
        x %= 4;
        System.out.println(x);
        char c = 'z';
        System.out.println(c / 7 + " " + c % 7);
    }
}
