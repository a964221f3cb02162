# Deep SVDD's inner network in its autoencoder form (mirrors the hidden sizes)
from pyod.models.deep_svdd import InnerDeepSVDD

model = InnerDeepSVDD(
    n_features=18,
    use_ae=True,
    hidden_neurons=[48, 24, 12],
    hidden_activation="relu",
    output_activation="sigmoid",
    dropout_rate=0.2,
    l2_regularizer=0.1,
)
