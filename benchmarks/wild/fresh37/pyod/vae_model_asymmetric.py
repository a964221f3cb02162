# PyOD VAE with an encoder and decoder of different depths
from pyod.models.vae import VAEModel

model = VAEModel(
    feature_size=24,
    encoder_neuron_list=[96, 48, 24],
    decoder_neuron_list=[24, 96],
    latent_dim=6,
    hidden_activation_name="relu",
    output_activation_name="sigmoid",
    batch_norm=True,
    dropout_rate=0.0,
)
