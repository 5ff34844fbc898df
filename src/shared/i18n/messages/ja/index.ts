// The same areas as English (en/index.ts).
import app from './app.json' with { type: 'json' };
import canvas from './canvas.json' with { type: 'json' };
import studio from './studio.json' with { type: 'json' };
import forms from './forms.json' with { type: 'json' };
import video from './video.json' with { type: 'json' };
import explore from './explore.json' with { type: 'json' };
import batch from './batch.json' with { type: 'json' };
import gallery from './gallery.json' with { type: 'json' };
import layers from './layers.json' with { type: 'json' };
import main from './main.json' with { type: 'json' };
import files from './files.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import pictures from './pictures.json' with { type: 'json' };

export default { ...app, ...canvas, ...studio, ...forms, ...video, ...explore, ...batch, ...gallery, ...layers, ...main, ...files, ...account, ...pictures };
