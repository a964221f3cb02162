from pythae.models import VAE, VAEConfig

config = VAEConfig(input_dim=(1, 28, 28), latent_dim=16)
model = VAE(model_config=config)
