// The baseline for `npm run bench`: a bare node:https server answering the same JSON the API
// gave, with no pipeline, database or framework. Args: port, cert file, key file, sample file.
import fs from 'node:fs';
import https from 'node:https';

const [port, certFile, keyFile, sampleFile] = process.argv.slice(2);
const list = fs.readFileSync(sampleFile, 'utf8');
const one = JSON.stringify({ blocks: JSON.parse(list).blocks[0] });

https
  .createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, (req, res) => {
    const post = req.method === 'POST';
    const answer = post ? one : list;
    req.resume();
    req.on('end', () => {
      res.writeHead(post ? 201 : 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(answer),
      });
      res.end(answer);
    });
  })
  .listen(Number(port), '127.0.0.1', () => console.log('bare server ready'));
