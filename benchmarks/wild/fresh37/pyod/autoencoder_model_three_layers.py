# PyOD's AutoEncoder network, built directly for a custom training loop
from pyod.models.auto_encoder import AutoEncoderModel

model = AutoEncoderModel(
    feature_size=40,
    hidden_neuron_list=[64, 32, 8],
    hidden_activation_name="leaky_relu",
    batch_norm=True,
    dropout_rate=0.1,
)
