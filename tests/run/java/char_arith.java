// char arithmetic promotes to int; char variables print as characters.
class Main {
    static char next(char c) {
        return (char) (c + 1);
    }

    public static void main(String[] args) {
        char a = 'a';
        System.out.println(a);
        System.out.println(a + 1);
        System.out.println((char) (a + 1));
        System.out.println(next('y'));
        System.out.println('a' + 'b');
        System.out.println("" + 'a' + 'b');
        System.out.println('a' + 'b' + "c");
        System.out.println("c" + 'a' + 1);
        char c = 'A';
        c++;
        c += 2;
        System.out.println(c);
        c *= 2;
        System.out.println((int) c);
        char[] word = new char[5];
        for (int i = 0; i < word.length; i++) {
            word[i] = (char) ('h' + i);
        }
        for (int i = 0; i < word.length; i++) {
            System.out.print(word[i]);
        }
        System.out.println();
        int count = 0;
        for (char x = 'a'; x <= 'z'; x++) {
            if (x % 3 == 0) {
                count++;
            }
        }
        System.out.println(count);
        System.out.println('z' > 'a');
        System.out.println((char) 0x263A == '\u263A');
        System.out.println('\n' + 0);
        System.out.println('\t' + '\\');
        char m = (char) 65535;
        System.out.println((int) m);
        System.out.println((short) m);
    }
}
