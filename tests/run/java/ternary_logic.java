// Conditional expressions, short-circuit evaluation and boolean operators.
class Main {
    static int calls = 0;

    static boolean touch(boolean value) {
        calls++;
        return value;
    }

    static String sign(int x) {
        return x > 0 ? "positive" : x < 0 ? "negative" : "zero";
    }

    public static void main(String[] args) {
        System.out.println(sign(5) + " " + sign(-5) + " " + sign(0));
        boolean a = touch(false) && touch(true);
        System.out.println(a + " " + calls);
        boolean b = touch(true) || touch(false);
        System.out.println(b + " " + calls);
        boolean c = touch(false) & touch(true);
        System.out.println(c + " " + calls);
        boolean d = touch(true) | touch(false);
        System.out.println(d + " " + calls);
        boolean e = touch(true) ^ touch(true);
        System.out.println(e + " " + calls);
        System.out.println(!a + " " + !(b && d) + " " + (a != b) + " " + (a == c));
        int x = 7;
        long y = true ? x : 2L;
        System.out.println(y);
        double z = x > 5 ? 1 : 2.5;
        System.out.println(z);
        char ch = x > 5 ? 'y' : 'n';
        System.out.println(ch);
        int nested = x > 3 ? (x > 6 ? (x > 9 ? 3 : 2) : 1) : 0;
        System.out.println(nested);
        int i = 0;
        int r = (i++ == 0) ? i++ : i--;
        System.out.println(r + " " + i);
        boolean flag = false;
        flag |= true;
        flag &= x > 0;
        flag ^= true;
        System.out.println(flag);
        System.out.println((5 & 3) + " " + (5 | 3) + " " + (5 ^ 3) + " " + (~5) + " " + (-5 & 0xff));
        System.out.println(1 + 2 * 3 - 4 / 2 % 3 + (1 << 2 + 1) + (8 >> 1 & 3));
        System.out.println(3 < 4 == true);
    }
}
