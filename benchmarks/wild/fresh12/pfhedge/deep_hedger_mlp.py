"""Deep hedging: a Hedger around pfhedge's MultiLayerPerceptron with explicit input width."""

from pfhedge.nn import EntropicRiskMeasure, Hedger, MultiLayerPerceptron

features = ["log_moneyness", "expiry_time", "volatility", "prev_hedge"]
mlp = MultiLayerPerceptron(
    in_features=len(features), out_features=1, n_layers=3, n_units=(32, 64, 32)
)
model = Hedger(mlp, inputs=features, criterion=EntropicRiskMeasure(a=1.0))
