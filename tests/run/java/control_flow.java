// Loops: labelled break and continue, do/while, while, nested for.
class Main {
    public static void main(String[] args) {
        int found = -1;
        outer:
        for (int i = 2; i < 100; i++) {
            for (int j = 2; j * j <= i; j++) {
                if (i % j == 0) {
                    continue outer;
                }
            }
            if (i > 50) {
                found = i;
                break outer;
            }
        }
        System.out.println(found);
        int n = 0;
        do {
            n += 3;
        } while (n < 10);
        System.out.println(n);
        do {
            n--;
        } while (false);
        System.out.println(n);
        int steps = 0;
        long x = 27;
        while (x != 1) {
            x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
            steps++;
        }
        System.out.println(steps);
        int count = 0;
        rows:
        for (int r = 0; r < 10; r++) {
            int c = 0;
            cols:
            while (true) {
                c++;
                if (c > r) {
                    continue rows;
                }
                if (r * c > 30) {
                    break rows;
                }
                if (c % 2 == 0) {
                    continue cols;
                }
                count += r * c;
            }
        }
        System.out.println(count);
        int k = 0;
        block:
        {
            k = 1;
            if (k == 1) {
                break block;
            }
            k = 2;
        }
        System.out.println(k);
        int total = 0;
        for (int i = 0, j = 10; i < j; i++, j--) {
            total += i * j;
        }
        System.out.println(total);
        for (;;) {
            total--;
            if (total < 100) {
                break;
            }
        }
        System.out.println(total);
        int m = 5;
        while (m-- > 0) {
            System.out.print(m);
        }
        System.out.println();
    }
}
