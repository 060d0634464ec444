// Unicode escapes are Java's first lexical translation (JLS §3.3), made wherever they
// are: in names, in literals (where the escape of a backslash starts the escape after
// it), even in comments (the escape of a newline ends a line comment). An escape whose
// backslash follows an odd number of backslashes is none.
class Main {
    public static void main(String[] args) {
        int \u0061b = 3;
        System.out.println(ab + \u0031\u0032);
        System.out.println("[\u005c\u005c]");
        System.out.println("[\u005cn]");
        System.out.println("\uuuu0041\u0042" + '\u0043');
        System.out.println("\\u0041 \\\u0041");
        System.out.println("\uD83D\uDE00");
        char c = '\u005c'';
        System.out.println(c);
        // a comment \u000a System.out.println("after the comment's end");
        String s\u0074r = "caf\u00e9";
        System.out.println(str + " " + str);
        int x = 1; \u002f\u002f System.out.println("commented out");
        System.out.println(x \u002b 1);
        int \uD835\uDC00 = 7;
        System.out.println(\uD835\uDC00 * 6 + " \uD83D\uDE00");
    }
}
