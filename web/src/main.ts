// The page's entry module (index.html loads it): the app itself lives in src/app/.
import "./app/main";
