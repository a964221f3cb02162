from bit_diffusion import BitDiffusion, Unet

unet = Unet(dim=32, channels=3, dim_mults=(1, 2, 4, 8))
model = BitDiffusion(unet, image_size=32, timesteps=100, time_difference=0.1, use_ddim=True)
