from muse_maskgit_pytorch import VQGanVAE

# lookup-free quantization (the default); GAN discriminator built, perceptual VGG left lazy
model = VQGanVAE(
    dim=64, channels=3, layers=3, codebook_size=4096, use_vgg_and_gan=True, discr_layers=3
)
