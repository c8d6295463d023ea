package dev.switchcost.measure.footprint;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * An ordinary least-squares line {@code y = intercept + slope · x}, fitted by commons-math3's
 * {@link SimpleRegression}, with its coefficient of determination R² and the slope's 99.9 % confidence
 * interval. Used to turn memory sampled at several task counts into bytes per task (the slope), so fixed
 * costs (the intercept) drop out; the interval says how well the points pin the slope down.
 *
 * @param slope          change of y per unit of x
 * @param intercept      y at x = 0
 * @param r2             fraction of y's variance the line explains (1 when every point is on it; 1 also when
 *                       y is constant, since the line then explains everything there is)
 * @param slopeHalfWidth half-width of the slope's 99.9 % interval (Student's t, n − 2 degrees of freedom);
 *                       NaN for two points, which leave no degree of freedom to estimate it
 * @param points         number of points fitted
 */
public record LinearFit(double slope, double intercept, double r2, double slopeHalfWidth, int points) {

    /** The interval's confidence, as {@code results/Estimate}'s: 99.9 %. */
    public static final double ALPHA = 0.001;

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
        SimpleRegression r = new SimpleRegression();
        boolean allSameX = true;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
                throw new IllegalArgumentException("point " + i + " is not finite: (" + x[i] + ", " + y[i] + ")");
            }
            allSameX &= x[i] == x[0];
            r.addData(x[i], y[i]);
        }
        if (allSameX) {
            throw new IllegalArgumentException("all " + n + " points have x = " + x[0] + ": no slope is defined");
        }
        // SimpleRegression's R² is NaN for a constant y (0 / 0); the line then explains everything there is
        double r2 = r.getTotalSumSquares() == 0 ? 1.0 : r.getRSquare();
        double halfWidth = n > 2 ? r.getSlopeConfidenceInterval(ALPHA) : Double.NaN;
        return new LinearFit(r.getSlope(), r.getIntercept(), r2, halfWidth, n);
    }
}
