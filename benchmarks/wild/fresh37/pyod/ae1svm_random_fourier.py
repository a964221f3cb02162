# AE-1SVM: autoencoder + random Fourier features for a one-class SVM in the encoding space
from pyod.models.ae1svm import InnerAE1SVM

model = InnerAE1SVM(
    n_features=32,
    encoding_dim=10,
    rff_dim=64,
    sigma=2.0,
    hidden_neurons=(64, 32),
    dropout_rate=0.1,
    batch_norm=False,
    hidden_activation="tanh",
)
