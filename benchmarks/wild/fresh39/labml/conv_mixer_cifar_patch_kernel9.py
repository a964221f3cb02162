# ConvMixer-256/8 for 32x32 images (labml_nn.conv_mixer), patch size 2, depthwise kernel 9
from labml_nn.conv_mixer import ClassificationHead, ConvMixer, ConvMixerLayer, PatchEmbeddings

d_model = 256
model = ConvMixer(
    ConvMixerLayer(d_model=d_model, kernel_size=9),
    n_layers=8,
    patch_emb=PatchEmbeddings(d_model=d_model, patch_size=2, in_channels=3),
    classification=ClassificationHead(d_model=d_model, n_classes=10),
)
