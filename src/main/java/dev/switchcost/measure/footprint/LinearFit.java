package dev.switchcost.measure.footprint;

/**
 * An ordinary least-squares line {@code y = intercept + slope · x} and its coefficient of
 * determination R² = 1 − SS_res / SS_tot. Used to turn memory sampled at several task counts into
 * bytes per task (the slope), so fixed costs (the intercept) drop out.
 *
 * @param slope     change of y per unit of x
 * @param intercept y at x = 0
 * @param r2        fraction of y's variance the line explains (1 when every point is on it; 1 also when
 *                  y is constant, since the line then explains everything there is)
 * @param points    number of points fitted
 */
public record LinearFit(double slope, double intercept, double r2, int points) {

    /**
     * @throws IllegalArgumentException for fewer than two points, arrays of different lengths,
     *                                  non-finite values, or all x equal (no slope is defined)
     */
    public static LinearFit of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length: " + x.length + " vs " + y.length);
        }
        int n = x.length;
        if (n < 2) {
            throw new IllegalArgumentException("a line needs at least two points, got " + n);
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
                throw new IllegalArgumentException("point " + i + " is not finite: (" + x[i] + ", " + y[i] + ")");
            }
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = x[i] - mx;
            double dy = y[i] - my;
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("all " + n + " points have x = " + x[0] + ": no slope is defined");
        }
        double slope = sxy / sxx;
        double intercept = my - slope * mx;
        double ssRes = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - (intercept + slope * x[i]);
            ssRes += r * r;
        }
        double r2 = syy == 0 ? 1.0 : 1.0 - ssRes / syy;
        return new LinearFit(slope, intercept, r2, n);
    }
}
