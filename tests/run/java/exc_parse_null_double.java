// `Double.parseDouble` of `null` raises `NullPointerException`, as Java does (its
// `NumberFormatException` is the integer parsers'); a literal `null` argument builds.
class Main {
    public static void main(String[] args) {
        String z = null;
        System.out.println("start");
        if (args.length > 0) {
            System.out.println(Float.parseFloat(null));
        }
        System.out.println(Double.parseDouble(z));
    }
}
